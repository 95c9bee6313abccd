"""Rendering pieces of the app. The ``*_html``/``*_svg`` builders are pure (testable without Streamlit);
the ``render_*`` functions draw them with Streamlit."""
