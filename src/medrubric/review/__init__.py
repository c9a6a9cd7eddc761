"""Physician review web app: labelling tasks and live agreement."""
