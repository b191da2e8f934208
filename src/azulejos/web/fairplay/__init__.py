"""Fair play (issue 29, items 2, 3 and 5; docs/api.md, "Fair play"): moderation (reports, operators, suspensions, mutes everywhere), honest ratings checks and fair-play waits."""
