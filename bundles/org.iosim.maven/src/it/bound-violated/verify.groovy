String log = new File(basedir, 'build.log').text
assert log.contains("response-time bound violated: usage scenario 'Browsing customers': mean response time")
assert log.contains('exceeds maxMean 0.000001')
// The results are written before the bounds are checked, so a failed build can still be investigated.
assert new File(basedir, 'target/iosim/report.html').isFile()
