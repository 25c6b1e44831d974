#!/usr/bin/env bash
# Rebuilds data/fonts/NotoSansSC-Regular-GB2312.otf, the font the research report's PDF embeds (Chinese and Latin),
# from Debian's fonts-noto-cjk (Noto Sans CJK SC Regular, SIL OFL 1.1). Needs: apt-get install fonts-noto-cjk fonttools
#
# Kept: printable ASCII, Latin-1, general punctuation, currency and arrows, the few maths signs the report prints,
# CJK punctuation, full-width forms, circled numbers, geometric shapes, and every character of GB2312 (the 6,763
# hanzi of everyday simplified Chinese). Dropped: hinting, OpenType layout and vertical metrics, which a PDF of
# horizontal text does not use. The full SC face is ~16 MB; this is ~1.5 MB, and a PDF embeds only the glyphs
# it uses.
set -euo pipefail
cd "$(dirname "$0")/../.."
SOURCE=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
OUT=data/fonts/NotoSansSC-Regular-GB2312.otf
UNICODES=$(mktemp)
trap 'rm -f "$UNICODES"' EXIT
/usr/bin/python3 - "$SOURCE" > "$UNICODES" <<'PY'
import sys
from fontTools.ttLib import TTCollection
names = [font["name"].getDebugName(4) for font in TTCollection(sys.argv[1]).fonts]
if names[2] != "Noto Sans CJK SC":
    sys.exit(f"face 2 of the collection is {names[2]}, not Noto Sans CJK SC")
ranges = [(0x20, 0x7E), (0xA0, 0xFF), (0x2010, 0x2027), (0x2030, 0x205E), (0x20A0, 0x20BF), (0x2190, 0x2199),
          (0x2212, 0x2212), (0x2248, 0x2248), (0x2264, 0x2265), (0x2460, 0x2473), (0x25A0, 0x25CF),
          (0x3000, 0x303F), (0xFF01, 0xFF5E), (0xFFE0, 0xFFE6)]
chars = set()
for low, high in ranges:
    chars.update(range(low, high + 1))
for first in range(0xA1, 0xF8):
    for second in range(0xA1, 0xFF):
        try:
            chars.add(ord(bytes([first, second]).decode("gb2312")))
        except UnicodeDecodeError:
            pass
print(",".join(f"U+{c:04X}" for c in sorted(chars)))
PY
/usr/bin/python3 -m fontTools.subset "$SOURCE" --font-number=2 --unicodes-file="$UNICODES" --layout-features='' \
  --no-hinting --name-IDs='*' --drop-tables+=vhea,vmtx,VORG,GPOS,GSUB --output-file="$OUT"
ls -l "$OUT"
