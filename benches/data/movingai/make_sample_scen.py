#!/usr/bin/env python3
"""Writes sample.scen: 20 random queries on each kept map, in the Moving AI scenario format
(version 1), with optimal lengths computed here by Dijkstra's algorithm at straight steps 1 and
diagonal steps sqrt(2), without corner cutting (a diagonal step needs both sides passable), as
the benchmark set's own files do. An oracle independent of the Rust code: the tests check A*'s
costs at 1000/1414 against these lengths.

    python3 benches/data/movingai/make_sample_scen.py > benches/data/movingai/sample.scen
"""
import heapq
import math
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))


def load(name):
    lines = open(os.path.join(HERE, name + ".map")).read().split("\n")
    height = int(lines[1].split()[1])
    width = int(lines[2].split()[1])
    return width, height, lines[4:4 + height]


def shortest(width, height, rows, start, goal):
    def passable(x, y):
        return 0 <= x < width and 0 <= y < height and rows[y][x] in ".GS"

    dist = {start: 0.0}
    queue = [(0.0, start)]
    while queue:
        d, (x, y) = heapq.heappop(queue)
        if (x, y) == goal:
            return d
        if d > dist[(x, y)]:
            continue
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                nx, ny = x + dx, y + dy
                if (dx, dy) == (0, 0) or not passable(nx, ny):
                    continue
                if dx and dy and not (passable(x + dx, y) and passable(x, y + dy)):
                    continue
                nd = d + (math.sqrt(2) if dx and dy else 1.0)
                if nd < dist.get((nx, ny), math.inf):
                    dist[(nx, ny)] = nd
                    heapq.heappush(queue, (nd, (nx, ny)))
    return None


def main():
    random.seed(5)
    print("version 1")
    for name in ("ost003d", "den520d", "brc202d"):
        width, height, rows = load(name)
        cells = [(x, y) for y in range(height) for x in range(width) if rows[y][x] in ".GS"]
        made = 0
        while made < 20:
            start, goal = random.choice(cells), random.choice(cells)
            length = shortest(width, height, rows, start, goal)
            if length is None:
                continue
            print(f"{made // 10}\tmaps/dao/{name}.map\t{width}\t{height}\t"
                  f"{start[0]}\t{start[1]}\t{goal[0]}\t{goal[1]}\t{length:.8f}")
            made += 1


main()
