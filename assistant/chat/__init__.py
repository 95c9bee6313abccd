"""One chat turn: classify the message, act through the engine, narrate, guard, store.

The Streamlit app and the CLI are two faces of this package; neither holds game logic.
"""
