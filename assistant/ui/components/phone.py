"""On a phone the sidebar is drawn over the page: once a form in it has done what the player asked for (a campaign
created, picked or imported), it folds itself away so the campaign's page is what the player sees, not the form they
just used. A wide window keeps its sidebar beside the page, untouched."""

from __future__ import annotations

import streamlit as st

PENDING = "fold_sidebar"
#: At a phone's width Streamlit writes "Press Enter to submit form · 36/1000" inside a text field, over the question
#: being typed (the Rules tab's): there the hint goes (Enter still asks, the button says so too).
PHONE_CSS = """<style>
@media (max-width: 640px) {
  [data-testid="InputInstructions"] {display: none;}
}
</style>"""
#: Folds the sidebar with its own arrow when the window is as narrow as Streamlit's phone layout (below 768 px).
FOLD_SCRIPT = """<script>/* fold %d */
const doc = window.parent.document;
const fold = () => {
  if (window.parent.innerWidth >= 768) { return; }
  const button = doc.querySelector('[data-testid="stSidebarCollapseButton"] button');
  const sidebar = doc.querySelector('section[data-testid="stSidebar"]');
  if (button && sidebar && sidebar.getBoundingClientRect().right > 10) { button.click(); }
};
setTimeout(fold, 100);
</script>"""


def render_phone_css() -> None:
    """The page's few rules for a phone's width (a style only: it takes no room on the page)."""
    st.html(PHONE_CSS)


def fold_sidebar() -> None:
    """Ask for the sidebar to fold away on a phone when the page is next drawn (from a sidebar form's callback)."""
    st.session_state[PENDING] = int(st.session_state.get(PENDING) or 0) + 1


def render_fold() -> None:
    """The one-off script that folds the sidebar, when a form asked for it (drawn once, at the page's end)."""
    count = st.session_state.get(PENDING)
    if not count:
        return
    st.session_state[PENDING] = 0
    st.iframe(FOLD_SCRIPT % count, height=1)
