print("tabcheck")
