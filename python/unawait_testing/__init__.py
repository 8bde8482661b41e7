"""Python-side test tooling for unawait."""
