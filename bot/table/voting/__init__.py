"""What a table decides together: votes to skip or hand a seat to the autopilot (`votes`), taking moves back
(`undo`), and the replay from the seed that both use (`rewind`)."""
