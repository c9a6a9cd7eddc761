"""Provider batch APIs (`--batch-api openai|vllm`): the request lines (`lines`), the
transports that submit and collect them (`transport`), the queue that gathers calls into
batches and polls them (`queue`) and the `ChatModel` that sends its calls that way (`model`)."""
