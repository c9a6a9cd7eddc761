"""Frozen, checksummed snapshots of case sets."""
