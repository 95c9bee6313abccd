# Task runner. `make run` and `make test` are the README's two commands.
PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
CODE := assistant rules_index evals tests bench
export OMP_NUM_THREADS := 1
export MKL_NUM_THREADS := 1
export OPENBLAS_NUM_THREADS := 1
export TOKENIZERS_PARALLELISM := false
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export ANONYMIZED_TELEMETRY := False

.PHONY: setup prepare run test lint types bench eval clean

setup: $(STAMP)

$(STAMP): pyproject.toml constraints.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c constraints.txt -e '.[dev]'
	touch $(STAMP)

# The rules index and every system's move vectors, built once on disk (seconds when nothing changed).
prepare: setup
	$(VENV)/bin/assistant prepare

run: setup prepare
	$(VENV)/bin/assistant ui

test: setup
	bash scripts/test-services.sh
	$(MAKE) --no-print-directory lint types
	$(PY) -m pytest -n 2 --dist loadfile -q

lint: setup
	$(VENV)/bin/ruff check $(CODE)
	$(VENV)/bin/ruff format --check $(CODE)

types: setup
	$(VENV)/bin/mypy assistant rules_index evals bench

bench: setup
	for f in bench/bench_*.py; do $(PY) $$f || exit 1; done

eval: setup
	$(PY) -m evals retrieve
	$(PY) -m evals suggest --dataset evals/datasets/suggest_public.jsonl --k 3 --report
	$(PY) -m evals guard --dataset evals/datasets/guard_public.jsonl > /dev/null
	$(PY) -m evals guard --dataset evals/datasets/guard_heldout.jsonl > /dev/null
	$(PY) -m evals chat --offline > /dev/null

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
