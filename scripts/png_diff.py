#!/usr/bin/env python3
"""Compares two PNG files pixel by pixel (python3 standard library only).

Usage: png_diff.py A.png B.png
Prints "identical" and exits 0 when both decode to the same size and the same pixels; otherwise
prints how many pixels differ and their bounding box, and exits 1. Handles the 8-bit RGB and RGBA
non-interlaced PNGs that ticklab's --screenshot writes.
"""
import struct
import sys
import zlib


def decode(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG file")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    width, height, depth, colour, _, _, interlace = header
    channels = {2: 3, 6: 4, 0: 1, 4: 2}.get(colour)
    if depth != 8 or channels is None or interlace != 0:
        raise ValueError(f"{path}: only 8-bit, non-interlaced grey/RGB(A) PNGs are handled")
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, at = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + b) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 0xFF
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def main():
    if len(sys.argv) != 3:
        print("usage: png_diff.py A.png B.png", file=sys.stderr)
        return 2
    wa, ha, ca, a = decode(sys.argv[1])
    wb, hb, cb, b = decode(sys.argv[2])
    if (wa, ha, ca) != (wb, hb, cb):
        print(f"different sizes: {wa}x{ha}x{ca} and {wb}x{hb}x{cb}")
        return 1
    count, box = 0, None
    for y in range(ha):
        if a[y] == b[y]:
            continue
        for x in range(wa):
            if a[y][x * ca:(x + 1) * ca] != b[y][x * ca:(x + 1) * ca]:
                count += 1
                box = (x, y, x, y) if box is None else (min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y))
    if count == 0:
        print("identical")
        return 0
    print(f"{count} pixels differ, in x {box[0]}..{box[2]}, y {box[1]}..{box[3]}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
