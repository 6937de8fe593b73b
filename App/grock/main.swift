print("grock: coming soon")
