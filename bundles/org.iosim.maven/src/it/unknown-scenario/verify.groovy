String log = new File(basedir, 'build.log').text
assert log.contains("bound for unknown usage scenario 'Checkout'; the usage scenarios of model set 'shop' are 'Browsing customers'")
