"""Reading shapes from pixels: find filled objects, name their shape and color."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from assetgen.media.colors import nearest_name


@dataclass
class Thing:
    shape: str
    color: str
    x: float
    y: float
    area: int
    box: tuple[int, int, int, int]


def classify(mask: np.ndarray) -> str:
    """circle / square / diamond / triangle / hexagon / star from one object's mask."""
    contours, _ = cv2.findContours(mask.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    contour = max(contours, key=cv2.contourArea)
    area = cv2.contourArea(contour)
    _x, _y, w, h = cv2.boundingRect(contour)
    fill = area / max(1, w * h)
    hull_fill = area / max(1.0, cv2.contourArea(cv2.convexHull(contour)))
    corners = len(cv2.approxPolyDP(contour, 0.04 * cv2.arcLength(contour, True), True))
    _, radius = cv2.minEnclosingCircle(contour)
    if area / max(1.0, np.pi * radius * radius) > 0.9:  # a disc fills its enclosing circle; a hexagon 0.83
        return "circle"
    if hull_fill < 0.8:
        return "star"
    if corners == 3:
        return "triangle"
    if corners == 4:
        return "square" if fill > 0.85 else "diamond"
    if corners in (5, 6):
        return "hexagon"
    return "circle" if fill > 0.7 else "star"


def things(image: np.ndarray, background=(255, 255, 255), min_area: int = 60) -> list[Thing]:
    """Every filled object on a plain background, with its shape, color name and centroid."""
    ink = np.abs(image.astype(int) - np.array(background)).sum(axis=2) > 60
    count, labels, stats, centroids = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    out = []
    for k in range(1, count):
        if stats[k, cv2.CC_STAT_AREA] < min_area:
            continue
        mask = labels == k
        pixels = image[mask]
        color = nearest_name(np.median(pixels, axis=0))
        out.append(Thing(classify(mask), color, float(centroids[k][0]), float(centroids[k][1]),
                         int(stats[k, cv2.CC_STAT_AREA]), tuple(int(v) for v in stats[k, :4])))
    return out
