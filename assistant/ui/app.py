"""tabletop-oracle in the browser: ``streamlit run assistant/ui/app.py`` (or ``assistant ui``).

A thin face of :mod:`assistant.chat`: the sidebar holds the campaign, the sheet, tracks and clocks;
the tabs are Play, Rules and Settings. Nothing here decides a rule."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # `streamlit run assistant/ui/app.py` puts assistant/ui/ on the path, not the repository
    sys.path.insert(0, str(ROOT))

import streamlit as st  # noqa: E402

from assistant.ui.errors import friendly_errors  # noqa: E402


def count_run() -> None:
    """``TABLETOP_UI_RUNS=FILE``: a line per run of this page (the browser runs count the reruns of each turn)."""
    import os

    if path := os.environ.get("TABLETOP_UI_RUNS"):
        with open(path, "a", encoding="utf-8") as out:
            out.write("run\n")


def main() -> None:
    st.set_page_config(page_title="tabletop-oracle", page_icon="🎲", layout="wide")
    count_run()
    from assistant.secrets import install_log_scrubber

    install_log_scrubber()
    from assistant.ui import state
    from assistant.ui.views import play, rules, settings, sidebar

    state.warm_start()
    from assistant.ui.components.phone import render_phone_css

    render_phone_css()
    with st.sidebar:
        campaign = None
        with friendly_errors("opening the campaigns"):
            campaign = sidebar.render_picker()
        campaign_area = st.container()
    system = state.campaign_system(campaign)
    play_tab, rules_tab, settings_tab = st.tabs(["Play", "Rules", "Settings"])
    with play_tab, friendly_errors("drawing the game"):
        play.render(campaign)
    with rules_tab, friendly_errors("drawing the rules tab"):
        rules.render(campaign, system)
    with settings_tab, friendly_errors("drawing the settings"):
        settings.render()
    with campaign_area, friendly_errors("drawing the sheet"):
        sidebar.render_campaign(campaign)
    from assistant.ui.components.phone import render_fold

    render_fold()


main()
