/// The household folder's devices and their segments as one exchange sees them: each device's
/// folder listed once, this device's again after it writes.
struct FolderListings {
    let folder: HouseholdFolder
    /// The devices with a folder in the household folder (`listDevices`).
    private(set) var present: Set<String> = []
    private var listings: [String: HouseholdFolder.Listing] = [:]

    init(_ folder: HouseholdFolder) { self.folder = folder }

    /// Reads which devices have a folder: once this device's own is settled (a device that
    /// became one of its own has one too).
    mutating func listDevices() { present = Set(folder.devices()) }

    /// The segments in `device`'s folder.
    subscript(device: String) -> HouseholdFolder.Listing {
        mutating get {
            if let listing = listings[device] { return listing }
            let listing = folder.listing(of: device)
            listings[device] = listing
            return listing
        }
    }

    /// `device` wrote into its folder: it is listed again when asked.
    mutating func forget(_ device: String) { listings[device] = nil }
}
