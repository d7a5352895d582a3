#!/usr/bin/env python3
"""A Python wheel holding the kibitzer program, as ruff ships its own: `pip install kibitzer`
puts the program on the venv's PATH, and `pipx run kibitzer check deals/` runs it.

    python3 scripts/wheel.py --binary PROGRAM --tag PLATFORM_TAG --version 0.1.0 --out DIR

The program is already built (scripts/dist.sh builds it once per platform); the wheel only
carries it, as a script of the wheel's data (installed executable), with the metadata pip
reads. Written as the wheel format (PEP 427) says: a zip with a RECORD of every file's hash.
"""

import argparse
import base64
import hashlib
import io
import stat
import zipfile
from pathlib import Path

NAME = "kibitzer"
SUMMARY = ("Checks, formats and converts contract-bridge deal files (PBN, RBN, LIN and the "
           "dealing machines' files), as a command line and a language server")


def record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--tag", required=True, help="the platform tag, e.g. win_amd64")
    parser.add_argument("--version", required=True)
    parser.add_argument("--readme", default=None)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()

    binary = Path(args.binary)
    exe = NAME + (".exe" if binary.suffix == ".exe" else "")
    dist_info = f"{NAME}-{args.version}.dist-info"
    data_dir = f"{NAME}-{args.version}.data"
    readme = Path(args.readme).read_text(encoding="utf-8") if args.readme else ""
    metadata = (
        "Metadata-Version: 2.1\n"
        f"Name: {NAME}\n"
        f"Version: {args.version}\n"
        f"Summary: {SUMMARY}\n"
        "License: MIT OR Apache-2.0\n"
        "Requires-Python: >=3.7\n"
        "Description-Content-Type: text/markdown\n"
        "\n" + readme
    )
    wheel = (
        "Wheel-Version: 1.0\n"
        "Generator: kibitzer scripts/wheel.py\n"
        "Root-Is-Purelib: false\n"
        f"Tag: py3-none-{args.tag}\n"
    )
    files = [
        (f"{data_dir}/scripts/{exe}", binary.read_bytes(), True),
        (f"{dist_info}/METADATA", metadata.encode(), False),
        (f"{dist_info}/WHEEL", wheel.encode(), False),
    ]
    record_path = f"{dist_info}/RECORD"
    record = "\n".join([record_line(p, d) for p, d, _ in files] + [f"{record_path},,"]) + "\n"
    files.append((record_path, record.encode(), False))

    out = Path(args.out) / f"{NAME}-{args.version}-py3-none-{args.tag}.whl"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data, executable in files:
            info = zipfile.ZipInfo(path, date_time=(2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            mode = 0o755 if executable else 0o644
            info.external_attr = (stat.S_IFREG | mode) << 16
            archive.writestr(info, data)
    out.write_bytes(buffer.getvalue())
    print(out)


if __name__ == "__main__":
    main()
