import groovy.json.JsonSlurper

File output = new File(basedir, 'target/iosim')
File resultsJson = new File(output, 'results.json')
assert resultsJson.isFile() : "no results.json in $output"
def results = new JsonSlurper().parse(resultsJson)
def browsing = results.scenarios.find { it.name == 'Browsing customers' }
assert browsing != null : "results.json lacks the scenario 'Browsing customers': ${results.scenarios*.name}"
assert browsing.responseTime.count == 3000
assert new File(output, 'report.html').isFile()

String log = new File(basedir, 'build.log').text
assert log.contains('Browsing customers: response time mean')
assert log.contains("Bound met: usage scenario 'Browsing customers' within maxMean 1, maxP95 2")
