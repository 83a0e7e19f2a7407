/// A mistake on the command line or a failure to report; printed in the user's language, exit status 2 or 1.
enum CommandError: Error {
    case missingValue(String)
    case badNumber(String, String)
    case unknownCommand(String)
    case missingSearchText
    case failure(String)
}
