"""all-MiniLM-L6-v2 in plain NumPy: the shipped weights, memory-mapped, and a BERT forward pass.

Why not torch: importing torch and sentence-transformers costs seconds and half a gigabyte per process,
for a six-layer encoder whose forward pass is a dozen matrix products. Here the weights are read straight
from the package's ``model.safetensors`` with ``numpy.memmap`` (no copy, shared between processes by the
page cache), the tokenizer is the package's ``tokenizer.json`` through the ``tokenizers`` library, and the
pass matches sentence-transformers (mean pooling over real tokens, then unit length) to about 1e-6.
"""

from __future__ import annotations

import json
import struct
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

MAX_TOKENS = 256  #: sentence-transformers' ``max_seq_length`` for this model
BATCH_TOKENS = 2048  #: padded tokens per forward pass: keeps the attention scores small enough for the cache
_DTYPES = {"F32": np.float32, "I64": np.int64, "F16": np.float16}


def read_safetensors(path: Path) -> dict[str, np.ndarray]:
    """Every tensor of a ``.safetensors`` file as a read-only array over a memory map (nothing is copied)."""
    with path.open("rb") as handle:
        (header_len,) = struct.unpack("<Q", handle.read(8))
        header: dict[str, Any] = json.loads(handle.read(header_len))
    data = np.memmap(path, dtype=np.uint8, mode="r", offset=8 + header_len)
    tensors: dict[str, np.ndarray] = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        start, end = info["data_offsets"]
        dtype = np.dtype(_DTYPES[info["dtype"]])
        tensors[name] = data[start:end].view(dtype).reshape(info["shape"])
    return tensors


def _erf(x: np.ndarray) -> np.ndarray:
    """The error function (Abramowitz and Stegun 7.1.26, absolute error below 1.5e-7)."""
    sign = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    return sign * (1.0 - poly * np.exp(-a * a))


def _gelu(x: np.ndarray) -> np.ndarray:
    return 0.5 * x * (1.0 + _erf(x * np.float32(0.7071067811865476)))


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, eps: float) -> np.ndarray:
    mean = x.mean(axis=-1, keepdims=True)
    centred = x - mean
    var = (centred * centred).mean(axis=-1, keepdims=True)
    return centred / np.sqrt(var + eps) * weight + bias


class _Layer:
    """One transformer block's weights (linear weights kept as (out, in), used transposed)."""

    def __init__(self, w: dict[str, np.ndarray], prefix: str) -> None:
        def get(name: str) -> np.ndarray:
            return w[f"{prefix}.{name}"]

        # query, key and value in one product: (in, 3*out)
        self.qkv_w = np.concatenate(
            [get("attention.self.query.weight"), get("attention.self.key.weight"), get("attention.self.value.weight")]
        ).T.copy()
        self.qkv_b = np.concatenate(
            [get("attention.self.query.bias"), get("attention.self.key.bias"), get("attention.self.value.bias")]
        )
        self.out_w, self.out_b = get("attention.output.dense.weight").T, get("attention.output.dense.bias")
        self.ln1_w, self.ln1_b = get("attention.output.LayerNorm.weight"), get("attention.output.LayerNorm.bias")
        self.up_w, self.up_b = get("intermediate.dense.weight").T, get("intermediate.dense.bias")
        self.down_w, self.down_b = get("output.dense.weight").T, get("output.dense.bias")
        self.ln2_w, self.ln2_b = get("output.LayerNorm.weight"), get("output.LayerNorm.bias")


class MiniLMNumpy:
    """The encoder: texts in, unit vectors (384 floats each) out. Create once; :meth:`encode` is thread-safe."""

    def __init__(self, model_dir: Path | str) -> None:
        from tokenizers import Tokenizer

        model_dir = Path(model_dir)
        config = json.loads((model_dir / "config.json").read_text(encoding="utf-8"))
        self.heads = int(config["num_attention_heads"])
        self.hidden = int(config["hidden_size"])
        self.eps = float(config.get("layer_norm_eps", 1e-12))
        self.tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(max_length=MAX_TOKENS)
        w = read_safetensors(model_dir / "model.safetensors")
        self.word = w["embeddings.word_embeddings.weight"]
        self.position = w["embeddings.position_embeddings.weight"]
        self.token_type = w["embeddings.token_type_embeddings.weight"]
        self.emb_ln_w, self.emb_ln_b = w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"]
        self.layers = [_Layer(w, f"encoder.layer.{i}") for i in range(int(config["num_hidden_layers"]))]

    def _forward(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Mean-pooled, unit-length sentence vectors for a padded batch ``ids`` (batch, tokens)."""
        batch, length = ids.shape
        x = self.word[ids] + self.position[:length] + self.token_type[0]
        x = _layer_norm(x, self.emb_ln_w, self.emb_ln_b, self.eps)
        head_dim = self.hidden // self.heads
        scale = np.float32(1.0 / np.sqrt(head_dim))
        additive = ((1.0 - mask.astype(np.float32)) * np.float32(-1e9))[:, None, None, :]
        for layer in self.layers:
            qkv = x @ layer.qkv_w + layer.qkv_b  # (batch, length, 3*hidden)
            qkv = qkv.reshape(batch, length, 3, self.heads, head_dim).transpose(2, 0, 3, 1, 4)
            q, k, v = qkv[0], qkv[1], qkv[2]  # (batch, heads, length, head_dim)
            scores = (q @ k.transpose(0, 1, 3, 2)) * scale + additive
            scores -= scores.max(axis=-1, keepdims=True)
            np.exp(scores, out=scores)
            scores /= scores.sum(axis=-1, keepdims=True)
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(batch, length, self.hidden)
            x = _layer_norm(context @ layer.out_w + layer.out_b + x, layer.ln1_w, layer.ln1_b, self.eps)
            inner = _gelu(x @ layer.up_w + layer.up_b)
            x = _layer_norm(inner @ layer.down_w + layer.down_b + x, layer.ln2_w, layer.ln2_b, self.eps)
        weights = mask.astype(np.float32)[:, :, None]
        pooled = (x * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return (pooled / np.clip(norms, 1e-12, None)).astype(np.float32)

    def encode(self, texts: Sequence[str], batch_size: int = 32) -> np.ndarray:
        """Unit vectors for ``texts`` (rows in the given order); texts of similar length are batched together."""
        if not texts:
            return np.zeros((0, self.hidden), dtype=np.float32)
        encodings = self.tokenizer.encode_batch(list(texts))
        order = sorted(range(len(texts)), key=lambda i: len(encodings[i].ids))
        out = np.empty((len(texts), self.hidden), dtype=np.float32)
        start = 0
        while start < len(order):
            # sorted by length, so the batch's last text is its longest: fit the batch to the token budget
            size = min(batch_size, len(order) - start)
            while size > 1 and len(encodings[order[start + size - 1]].ids) * size > BATCH_TOKENS:
                size -= 1
            rows = order[start : start + size]
            start += size
            length = max(len(encodings[i].ids) for i in rows)
            ids = np.zeros((len(rows), length), dtype=np.int64)
            mask = np.zeros((len(rows), length), dtype=np.int64)
            for r, i in enumerate(rows):
                n = len(encodings[i].ids)
                ids[r, :n] = encodings[i].ids
                mask[r, :n] = 1
            out[rows] = self._forward(ids, mask)
        return out
