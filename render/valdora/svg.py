"""placeholder"""


def board(view: dict) -> str:
    return ""
