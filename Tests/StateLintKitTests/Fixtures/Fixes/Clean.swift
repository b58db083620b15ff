struct Clean {
    let value = 1
}
