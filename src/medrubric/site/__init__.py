"""The leaderboard site: a folder of static pages built from runs and releases (exports
nothing; import `medrubric.site.build`)."""
