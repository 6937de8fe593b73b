extension Commands {
    /// Shopping mode, the in-store session (`ShopSession`).
    static let shop: [Command] = [
        Command("shop", usage: "grock shop CART",
                summary: "Shopping mode: the list in store order, numbered; tick items off as you go.",
                details: """
                Starts the trip when the cart is still being planned. Then, one action a line:
                  3                 tick line 3 (bought at its planned price), or untick it
                  p 3 1.29          line 3 was bought at 1.29 per unit
                  p 3 3.49 0.736    line 3 was bought at 3.49 per unit, 0.736 units (weighed)
                  + Gum 0.99        an impulse buy; it takes the next number
                  + Gum 0.99 @Lidl  the same, bought at Lidl
                  f                 finish the trip
                  f 2026-03-01      finish the trip, which was on that day
                  q                 leave; everything is already saved
                  ?                 the list of commands
                The numbers stay the same all session. Unticking an impulse buy asks before it is removed; the next line \
                answers (only y or yes removes it). Lines fit COLUMNS (else the terminal's width, else 80). Works with a \
                pipe too:
                  printf '1\\n2\\nf\\n' | grock shop Weekly
                """, examples: ["grock shop Weekly", "printf '1\\n2\\nf\\n' | grock shop Weekly"], changeLimit: .unlimited) { run in
            try await ShopSession.run(run)
        },
    ]
}
