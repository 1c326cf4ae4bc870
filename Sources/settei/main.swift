print("settei")
