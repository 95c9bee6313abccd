"""The Streamlit app: a thin face of :mod:`assistant.chat` (see ``ui/README.md``)."""
