"""Deterministic generator of a SwiftUI source corpus with planted lint findings."""
