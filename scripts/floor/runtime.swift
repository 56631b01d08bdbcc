// The start-up floor of the Swift runtime alone: print a line, nothing else linked.
print("ferry 1.0")
