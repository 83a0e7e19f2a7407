/// What a list's star ratings show and call (`TextList.showRatings`), shared by its rows: the stars' names, row →
/// its stars (nil: none shown), and what a click asks for (row, stars).
final class RowRatings {
    var labels: [String]?
    var rating: ((Int) -> Int?)?
    var rate: ((Int, Int) -> Void)?
}
