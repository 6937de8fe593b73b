extension Commands {
    static let receipt: [Command] = [
        Command("receipt", usage: "grock receipt [CART] [FILE]",
                summary: "Read a shop's receipt (its text), match its lines to your items and log them: on the cart being shopped, "
                             + "or as a completed trip.",
                details: """
                FILE is the receipt's text (UTF-8, at most 1 MiB); - or no FILE reads standard input. One argument is FILE when \
                it is -, a file that exists or a path with a /, else CART. With --image PHOTO, tesseract (when it is on PATH) \
                reads the photo instead.

                The review lists every line: the item it matches (alias: a name this store's receipts gave it before; \
                confident; doubtful; new), the price paid against the planned one and the last one at the store, and what will \
                be done with it. A line is matched on its first 8 words, sizes and words such as BIO not counted. \
                In a terminal, with FILE, it asks about each doubtful or new line (accept, another candidate's \
                number, i for an impulse buy, n CATEGORY for a new item named as the receipt names it, n CATEGORY = NAME for \
                one named NAME, s to skip), then whether to log it, and about a total that differs. --yes logs without asking: \
                aliases and confident matches as their items, doubtful and new lines and deposits as impulse buys. Without \
                --yes and without a terminal it only reviews.

                A line logged costs exactly what the receipt says; when the lines logged do not come to the receipt's total, or \
                it states no total Grock can read, the receipt is refused (exit 1) unless --accept-difference. A cart line \
                bought already keeps what it records (the receipt's line is an impulse buy). --dry-run stores nothing.

                Without CART the receipt becomes a completed trip of its date (or --date) at its store (or --store), made when \
                new. One change: grock undo takes it all back. Names confirmed are remembered per store for the next receipt.

                Exit codes: 2 for a file that is no receipt's text (empty, binary, too large, a directory or device) or in \
                another currency, 1 for a refusal (a cart not being shopped, a total that differs).
                """,
                examples: ["grock receipt Weekly aldi.txt", "grock receipt Weekly aldi.txt --yes",
                           "grock receipt aldi.txt --yes --store Aldi",
                           "pbpaste | grock receipt Weekly - --yes --dry-run", "grock --json receipt aldi.txt",
                           "grock receipt Weekly --image bon.jpg"],
                options: [.optional(.store), .optional(.date), .optional(.image), .optional(.yes), .optional(.dryRun),
                          .optional(.acceptDifference)]) { run in
            try await ReceiptSession.run(run)
        },
    ]
}
