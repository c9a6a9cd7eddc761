"""Stand-ins for tests and benchmarks only: nothing in the pipeline imports this package."""
