"""The sheet editor in the sidebar: one form per system's sheet (its ``editing`` fields), each widget bounded by
the text's limits. Saving sends only the fields that changed, as one edit through the store (undoable); a value
the rules refuse is shown in the player's words and nothing is changed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from assistant.engine.character_edit import Edit, character_rules, words
from assistant.engine.sheet_schema import EditField


def _key(cid: str, version: int, f: EditField) -> str:
    # the campaign's last event is part of the key: after any change the form starts from the saved sheet
    return f"sheet_edit_{cid}_{version}_{f.name}"


def _entry_text(item: Any) -> str:
    return str(item.get("text", item.get("name", ""))) if isinstance(item, dict) else str(item)


def _widget(rules: Any, f: EditField, value: Any, sheet: dict[str, Any], key: str) -> Any:
    help_text = f.rule or None
    if f.kind in ("stat", "meter", "int"):
        lo, hi = rules.bounds(f, sheet)
        current = value if isinstance(value, int) and lo <= value <= hi else lo
        return st.number_input(f.label, min_value=lo, max_value=hi, value=current, step=1, key=key, help=help_text)
    if f.kind == "one_of":
        options = ([""] if f.allow_empty else []) + list(f.values)
        shown = "" if value is None else str(value)
        index = next((i for i, o in enumerate(options) if o.lower() == shown.lower()), 0)
        return st.selectbox(f.label, options, index=index, key=key, help=help_text, format_func=lambda o: o or "—")
    if f.kind == "bool":
        return st.checkbox(f.label, value=bool(value), key=key, help=help_text)
    if f.kind == "impacts":
        impacts = rules.sheet.impacts
        return st.multiselect(f.label, impacts, default=[i for i in value or [] if i in impacts], key=key, format_func=words)
    if f.kind == "list":
        text = "\n".join(_entry_text(v) for v in value or [])
        return st.text_area(f"{f.label} (one per line)", value=text, key=key, help=help_text)
    return st.text_input(f.label, value="" if value is None else str(value), key=key, help=help_text)


def changed_edits(rules: Any, sheet: dict[str, Any], given: dict[str, Any]) -> list[Edit]:
    """The edits for the fields whose widget differs from the sheet (a list keeps the entries still named, with
    their marks)."""
    edits: list[Edit] = []
    for f in rules.fields:
        if f.name not in given:
            continue
        before, after = rules.get(sheet, f), given[f.name]
        if f.kind == "list":
            lines = [line.strip() for line in str(after).splitlines() if line.strip()]
            if lines == [_entry_text(v) for v in before or []]:
                continue
            kept = {_entry_text(v): v for v in before or []}
            edits.append(Edit(f.name, [kept.get(line, line) for line in lines]))
        elif f.kind == "one_of":
            if str(after or "") != ("" if before is None else str(before)):
                edits.append(Edit(f.name, after))
        elif after != before:
            edits.append(Edit(f.name, after))
    return edits


def render_sheet_editor(cid: str, sheet: dict[str, Any], system: str, version: int, save: Callable[[list[Edit]], None]) -> None:
    """An "Edit the sheet" form for one character; ``save`` gets the edits of the fields that changed. It is saved in
    the button's callback, before the page is drawn: the character picker and the sheet above the form show the saved
    sheet in the same run (saved while the form drew, the picker above it still named the old name until a rerun)."""
    rules = character_rules(system)
    if not rules.fields:
        return
    with st.expander(f"Edit {sheet.get('name') or 'the sheet'}"), st.form(f"sheet_form_{cid}_{version}"):
        st.text_input("Name", value=str(sheet.get("name") or ""), key=_name_key(cid, version))
        for f in rules.fields:
            _widget(rules, f, rules.get(sheet, f), sheet, _key(cid, version, f))
        st.form_submit_button("Save the sheet", on_click=_submitted, args=(cid, sheet, system, version, save))


def _name_key(cid: str, version: int) -> str:
    return f"sheet_edit_{cid}_{version}_name"


def _submitted(cid: str, sheet: dict[str, Any], system: str, version: int, save: Callable[[list[Edit]], None]) -> None:
    """The form's values, as its widgets hold them, saved as the edits of the fields that changed."""
    rules = character_rules(system)
    given = {f.name: st.session_state[_key(cid, version, f)] for f in rules.fields if _key(cid, version, f) in st.session_state}
    edits = changed_edits(rules, sheet, given)
    name = str(st.session_state.get(_name_key(cid, version)) or "")
    if name.strip() and name.strip() != str(sheet.get("name") or ""):
        edits.insert(0, Edit("name", name))
    if edits:
        save(edits)
    else:
        st.session_state["sidebar_notice"] = "Nothing changed on the sheet."
