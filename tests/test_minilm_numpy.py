"""The NumPy all-MiniLM-L6-v2 gives sentence-transformers' vectors without importing torch."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from rules_index.embed import MiniLMEmbedder, get_embedder
from rules_index.minilm import MAX_TOKENS, MiniLMNumpy, read_safetensors

pytestmark = pytest.mark.slow

TEXTS = [
    "what happens when my heat reaches 9?",
    "I swing my sword at the raider",
    "Face Danger. When you attempt something risky or react to an imminent threat, envision your action and roll.",
    "x",
    "",
    "Ünïcödé café — naïve résumé 🎲",
    "a long passage about vows, momentum and the price of failure " * 60,  # past the 256-token cut
]


@pytest.fixture(scope="module")
def numpy_model() -> MiniLMNumpy:
    return MiniLMEmbedder().model  # type: ignore[no-any-return]


def test_vectors_match_sentence_transformers(numpy_model: MiniLMNumpy) -> None:
    torch_model = MiniLMEmbedder(runtime="torch").model
    expected = torch_model.encode(TEXTS, normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False)
    got = numpy_model.encode(TEXTS)
    cosines = (got * expected).sum(axis=1)
    assert got.shape == (len(TEXTS), 384)
    assert np.all(cosines > 1 - 1e-4), cosines
    assert np.abs(got - expected).max() < 1e-4


def test_vectors_are_unit_length_and_independent_of_batching(numpy_model: MiniLMNumpy) -> None:
    together = numpy_model.encode(TEXTS, batch_size=3)
    alone = np.stack([numpy_model.encode([t])[0] for t in TEXTS])
    assert np.allclose(np.linalg.norm(together, axis=1), 1.0, atol=1e-5)
    assert np.abs(together - alone).max() < 1e-5
    assert numpy_model.encode([]).shape == (0, 384)


def test_long_texts_are_cut_at_the_models_window(numpy_model: MiniLMNumpy) -> None:
    assert len(numpy_model.tokenizer.encode(TEXTS[-1]).ids) == MAX_TOKENS


def test_weights_are_memory_mapped_not_copied(numpy_model: MiniLMNumpy) -> None:
    tensors = read_safetensors(Path(MiniLMEmbedder().model_path) / "model.safetensors")
    word = tensors["embeddings.word_embeddings.weight"]
    assert word.shape == (30522, 384) and word.dtype == np.float32
    assert isinstance(word.base, np.memmap) or isinstance(word, np.memmap)


def test_embedding_a_query_never_imports_torch(tmp_path: Path) -> None:
    code = (
        "import json, sys\n"
        "from rules_index.embed import get_embedder\n"
        "v = get_embedder('minilm').embed_query('how do I reduce heat?')\n"
        "heavy = [m for m in ('torch', 'sentence_transformers', 'transformers') if m in sys.modules]\n"
        "print(json.dumps({'n': len(v), 'heavy': heavy}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == {"n": 384, "heavy": []}


def test_unknown_runtime_is_refused_in_plain_words() -> None:
    from assistant.errors import ConfigError

    with pytest.raises(ConfigError, match="numpy"):
        MiniLMEmbedder(runtime="tensorflow")
    assert get_embedder("minilm-torch").runtime == "torch"  # type: ignore[attr-defined]
