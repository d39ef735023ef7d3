"""Make the README's sweep figure: `assetgen sweep --preset vision-limits` against the built-in reference
endpoint, then docs/sweep.png (the table and fits are printed).

    python docs/sweep.py               # ~5-10 min on 2 cores
    python docs/sweep.py --reuse DIR   # redraw from an existing sweep folder (re-graded, nothing asked)
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reuse", type=Path, default=None, help="An existing sweep folder of the preset.")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.reuse or Path(scratch) / "vision-limits"
        # the same command as the README's; run again into an existing folder it resumes and asks nothing new
        subprocess.run([sys.executable, str(ROOT / "cli.py"), "sweep", "--preset", "vision-limits",
                        "--out", str(folder)], check=True, cwd=scratch)
        shutil.copyfile(folder / "sweep.png", ROOT / "docs" / "sweep.png")
    print(f"wrote {ROOT / 'docs' / 'sweep.png'}")


if __name__ == "__main__":
    main()
