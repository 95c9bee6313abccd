"""Rules index and cited rules Q&A.

Public API (import from the submodules; nothing heavy is imported with the package):

- ``rules_index.search.search(query, system=None, k=5) -> list[Hit]`` (hybrid vector + BM25)
- ``rules_index.qa.answer(question, system=None, llm=None) -> Answer`` (extractive, or LLM with [n] citations)
- ``rules_index.tokens.count_tokens(text) -> int`` (tiktoken cl100k_base, offline)
- ``rules_index.embed.Embedder`` (protocol), ``MiniLMEmbedder``, ``HashEmbedder``, ``get_embedder()``
- ``rules_index.homebrew.ingest(path, system, index)`` / ``remove(path, index)``
- ``rules_index.cli.register(app)`` adds ``assistant ask`` and ``assistant ingest``
"""
