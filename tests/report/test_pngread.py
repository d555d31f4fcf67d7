"""The screenshot reader decodes every PNG row filter (R, G, B checked against a known image)."""

from __future__ import annotations

import struct
import zlib

import pytest

from tests.support.pngread import paeth, read_png


def _chunk(kind: bytes, body: bytes) -> bytes:
    crc = zlib.crc32(kind + body)
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)


def _encode(pixels: list[list[tuple[int, ...]]], filters: list[int], channels: int) -> bytes:
    """A PNG whose rows use the given filter types (the inverse of what read_png undoes)."""
    width, height = len(pixels[0]), len(pixels)
    raw = b""
    previous = bytes(width * channels)
    for kind, row in zip(filters, pixels, strict=True):
        line = bytes(v for p in row for v in p)
        out = bytearray()
        for i, value in enumerate(line):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            predictor = [0, left, up, (left + up) // 2, paeth(left, up, corner)][kind]
            out.append((value - predictor) & 0xFF)
        raw += bytes([kind]) + bytes(out)
        previous = line
    color_type = {3: 2, 4: 6}[channels]
    header = struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(raw))
        + _chunk(b"IEND", b"")
    )


@pytest.mark.parametrize("channels", [3, 4])
def test_every_filter_type(channels: int) -> None:
    pixels = [
        [tuple((x * 37 + y * 91 + c * 53) % 256 for c in range(channels)) for x in range(6)]
        for y in range(5)
    ]
    image = read_png(_encode(pixels, [0, 1, 2, 3, 4], channels))
    assert (image.width, image.height) == (6, 5)
    for y in range(5):
        for x in range(6):
            assert image.pixel(x, y) == pixels[y][x][:3]


def test_refuses_what_it_cannot_read() -> None:
    with pytest.raises(ValueError, match="not a PNG"):
        read_png(b"GIF89a")
