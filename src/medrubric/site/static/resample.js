/* The case bootstrap of medrubric.scoring.resample, step for step (see that module's
   docstring): a counter-based generator on unsigned 32-bit integers, Lemire's rejection for
   an unbiased index, the mean of each resample, and numpy's linear-interpolation quantiles.
   The same seed and resamples give the same interval as `medrubric score`. */
"use strict";

const MedrubricResample = (() => {
  const TWO32 = 4294967296;

  function fmix(h) {
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    return h >>> 0;
  }

  function step(h, x) {
    return (h + (Math.imul(x, 0x9e3779b1) >>> 0) + 0x6a09e667) >>> 0;
  }

  function streamKey(seed) {
    const s = BigInt.asUintN(64, BigInt(seed));
    const hi = Number(s >> 32n);
    const lo = Number(s & 0xffffffffn);
    return fmix(step(fmix(step(0, hi)), lo));
  }

  function means(values, seed, nResamples) {
    const n = values.length;
    if (n < 1 || n > 2097152) throw new Error("the bootstrap takes 1 to 2097152 values");
    const key = streamKey(seed);
    const threshold = (TWO32 - n) % n;
    const out = new Float64Array(nResamples);
    for (let r = 0; r < nResamples; r++) {
      const row = fmix(step(key, r));
      let sum = 0;
      for (let i = 0; i < n; i++) {
        let v = fmix(step(row, i));
        let product = v * n;
        let low = product % TWO32;
        let attempt = 0;
        while (low < threshold) {
          attempt += 1;
          v = fmix(step(v, attempt));
          product = v * n;
          low = product % TWO32;
        }
        sum += values[(product - low) / TWO32];
      }
      out[r] = sum / n;
    }
    return out;
  }

  // numpy.quantile, method "linear", including its two-sided lerp
  function quantile(sorted, q) {
    const pos = q * (sorted.length - 1);
    const lo = Math.floor(pos);
    const hi = Math.min(lo + 1, sorted.length - 1);
    const t = pos - lo;
    const a = sorted[lo];
    const b = sorted[hi];
    const diff = b - a;
    return t >= 0.5 ? b - diff * (1 - t) : a + diff * t;
  }

  function meanCi(values, seed, nResamples) {
    if (values.length === 0) return null;
    const sorted = means(values, seed, nResamples).sort();
    return [quantile(sorted, 0.025), quantile(sorted, 0.975)];
  }

  return { fmix, step, streamKey, means, quantile, meanCi };
})();
