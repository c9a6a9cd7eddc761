"""Running a stage past one process: partitions of a JSONL file on disk, mapped in-process or
as Ray Data tasks (`--engine ray`), each finished partition kept so a re-run skips it."""
