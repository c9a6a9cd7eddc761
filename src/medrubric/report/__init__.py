"""HTML, Markdown, CSV and LaTeX reports of runs and analyses."""
