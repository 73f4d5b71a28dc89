#!/bin/sh
# The companion's own letters: DejaVu Sans (regular and bold), cut to the characters its pages write,
# as web/static/fonts/*.woff2 (docs/web.md, "The companion's own letters").
#
# Run by hand when tests/web/test_served_font.py names a character the font lacks: add it to CHARS
# below and run this from the repository's root. It reads Debian's fonts-dejavu-core (2.37) and needs
# fonttools' pyftsubset with brotli (WOFF2) on the PATH, e.g. in a scratch virtualenv:
#     python3 -m venv /tmp/ft && /tmp/ft/bin/pip install fonttools brotli && PATH=/tmp/ft/bin:$PATH
# Neither is a dependency of the companion: the two files it writes are committed, and served as
# they are (Bitstream Vera licence, web/static/fonts/LICENSE).
set -eu
SRC=${DEJAVU:-/usr/share/fonts/truetype/dejavu}
OUT=web/static/fonts
# Latin with Latin-1 and Extended-A (the three languages and the names players type), Romanian's
# comma letters, general punctuation, the euro and trade mark, arrows, a few signs of arithmetic,
# geometric shapes, and each symbol of Miscellaneous Symbols and Dingbats the pages draw.
CHARS="U+0020-007E,U+00A0-017F,U+0218-021B,U+2000-206F,U+20AC,U+2122,U+2190-21FF"
CHARS="$CHARS,U+2212,U+2234,U+2248,U+2260,U+2264,U+2265,U+25A0-25FF"
CHARS="$CHARS,U+2605,U+2606,U+2620,U+263A,U+2660-2667,U+266A,U+2693,U+2696,U+2699,U+26A0,U+26A1"
CHARS="$CHARS,U+2713-2717,U+2731,U+2744,U+27F2,U+FFFD"
for face in DejaVuSans DejaVuSans-Bold; do
    pyftsubset "$SRC/$face.ttf" --unicodes="$CHARS" --layout-features='*' --flavor=woff2 \
        --output-file="$OUT/$face.woff2"
done
ls -l "$OUT"/*.woff2
