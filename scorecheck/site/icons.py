"""The app's icons: the coloured wall (R2) in tiles, as PNG, drawn with the standard library."""

from __future__ import annotations

import struct
import zlib

from scorecheck.core.tiles import SIZE, Color, printed_color

# The renderer's tile colours (report/svgdraw.py); the icon's own backdrop.
TILE = {
    Color.BLUE: (0x1F, 0x66, 0xC1),
    Color.YELLOW: (0xF2, 0xC2, 0x30),
    Color.RED: (0xD1, 0x35, 0x2B),
    Color.BLACK: (0x26, 0x26, 0x26),
    Color.WHITE: (0xF4, 0xF8, 0xFB),
}
BACKDROP = (0x5B, 0x3F, 0x26)
ICON_SIZES = (192, 512)


def icon_png(size: int) -> bytes:
    """A square icon: the wall in the middle three fifths, in the safe zone of a maskable icon."""
    wall = size * 3 // 5
    start = (size - wall) // 2
    cell = wall / SIZE
    gap = max(1, round(cell / 10))
    rows = []
    for y in range(size):
        row = bytearray(b"\x00")  # filter: none
        for x in range(size):
            colour = BACKDROP
            cx, cy = (x - start) / cell, (y - start) / cell
            if 0 <= cx < SIZE and 0 <= cy < SIZE:
                inside_x = (x - start) - int(cx) * cell
                inside_y = (y - start) - int(cy) * cell
                if gap <= inside_x < cell - gap and gap <= inside_y < cell - gap:
                    colour = TILE[printed_color(int(cy), int(cx))]
            row += bytes(colour)
        rows.append(bytes(row))
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + _chunk(b"IEND", b"")
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
