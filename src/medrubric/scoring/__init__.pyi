# Public names of medrubric.scoring, each loaded from its submodule on first access
# (`lazy_loader.attach_stub` in __init__.py reads this file); type checkers read it too.
# A new public name is one line here.

from .cacs import CacsSummary as CacsSummary
from .cacs import summarize_cacs as summarize_cacs
from .formulas import cacs_at_k as cacs_at_k
from .formulas import cacs_scores as cacs_scores
from .formulas import pass_at_k as pass_at_k
from .formulas import passes_at_k as passes_at_k
from .formulas import rubric_accuracies as rubric_accuracies
from .formulas import rubric_accuracy as rubric_accuracy
from .records import Stratum as Stratum
from .records import Summary as Summary
from .scored import case_score as case_score
from .scored import score_verdicts as score_verdicts
from .summary import summarize as summarize
