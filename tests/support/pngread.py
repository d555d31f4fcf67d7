"""A small PNG reader for screenshots (8-bit RGB or RGBA, not interlaced), standard library only."""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from itertools import accumulate

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_CHANNELS = {2: 3, 6: 4}  # colour type → bytes per pixel at 8 bits


@dataclass(frozen=True)
class Image:
    """Decoded pixels, row by row; pixel(x, y) gives (r, g, b)."""

    width: int
    height: int
    channels: int
    rows: list[bytes]

    def pixel(self, x: int, y: int) -> tuple[int, int, int]:
        """The colour at a pixel, alpha dropped."""
        i = x * self.channels
        r, g, b = self.rows[y][i : i + 3]
        return r, g, b


def paeth(a: int, b: int, c: int) -> int:
    """The Paeth predictor of PNG filter type 4: left, up or upper left, whichever is nearest."""
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def _add_bytes(line: bytes, previous: bytes) -> bytes:
    """Byte by byte (a + b) mod 256 of two equal-length strings, as two big integers: the low
    seven bits of each byte add without reaching the next byte, the top bit is their XOR."""
    size = len(line)
    low, high = int.from_bytes(b"\x7f" * size), int.from_bytes(b"\x80" * size)
    x, y = int.from_bytes(line), int.from_bytes(previous)
    return (((x & low) + (y & low)) ^ ((x ^ y) & high)).to_bytes(size)


def _unfilter(kind: int, line: bytes, previous: bytes, bpp: int) -> bytes:
    """One row with its filter undone (PNG specification, section 9)."""
    if kind == 0:
        return line
    if kind > 4:
        raise ValueError(f"unknown PNG row filter {kind}")
    if kind == 2:  # up
        return _add_bytes(line, previous)
    out = bytearray(line)
    if kind == 1:  # sub: each channel is a running sum of its own bytes
        for channel in range(bpp):
            out[channel::bpp] = bytes(v & 0xFF for v in accumulate(line[channel::bpp]))
        return bytes(out)
    # Average (3) and Paeth (4) depend on the byte just decoded to the left: one by one.
    for i in range(len(out)):
        left = out[i - bpp] if i >= bpp else 0
        if kind == 3:
            out[i] = (out[i] + (left + previous[i]) // 2) & 0xFF
        else:
            up, corner = previous[i], previous[i - bpp] if i >= bpp else 0
            p = left + up - corner
            pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
            near = left if pa <= pb and pa <= pc else up if pb <= pc else corner
            out[i] = (out[i] + near) & 0xFF  # paeth(), written out: most of a screenshot's rows
    return bytes(out)


def read_png(data: bytes) -> Image:
    """Decode a PNG; ValueError for anything but 8-bit RGB/RGBA without interlacing."""
    if not data.startswith(_SIGNATURE):
        raise ValueError("not a PNG")
    pos, idat, header = len(_SIGNATURE), b"", None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        pos += length + 12  # length, type, body, CRC
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
    if header is None:
        raise ValueError("no IHDR chunk")
    width, height, depth, color_type, _, _, interlace = header
    if depth != 8 or color_type not in _CHANNELS or interlace:
        raise ValueError(f"unsupported PNG: depth {depth}, colour type {color_type}")
    bpp = _CHANNELS[color_type]
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows: list[bytes] = []
    previous = bytes(stride)
    for y in range(height):
        start = y * (stride + 1)
        previous = _unfilter(raw[start], raw[start + 1 : start + 1 + stride], previous, bpp)
        rows.append(previous)
    return Image(width, height, bpp, rows)
