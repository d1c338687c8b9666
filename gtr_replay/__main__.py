from gtr_replay.cli import main

main()
