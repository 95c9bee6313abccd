"""``python -m assistant``: the same command line as ``assistant``."""

from assistant.cli import main

if __name__ == "__main__":
    main()
