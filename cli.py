"""The entry the layout names: `python cli.py ...` runs the `assetgen` command, whose code is assetgen/cli.py.

The console script `assetgen` points at `assetgen.cli:main` directly; nothing installs this file, so no
top-level module named `cli` lands in site-packages.
"""

from assetgen.cli import main

if __name__ == "__main__":
    main()
