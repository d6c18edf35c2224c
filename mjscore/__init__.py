"""mjscore: score and settle mahjong hands the way a careful referee would."""

__version__ = "0.1.0"
