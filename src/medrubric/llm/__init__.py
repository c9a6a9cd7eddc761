"""Model specs, the async OpenAI-compatible client, the call cache and the embedded local model."""
