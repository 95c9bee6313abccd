"""The app's tabs (Play, Rules, Settings) and its sidebar. Each is a thin ``render`` function."""
