@main struct ParleyCommand { static func main() {} }
